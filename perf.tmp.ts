import { getDemoDataset } from './src/mocks/data/dataset';
import { indexEvent, SearchIndex } from './src/lib/device-copy/search-index';
const d = getDemoDataset('2026-11-24');
const index = new SearchIndex();
let build = 0, gen = 0;
for (const rec of d.eventsOf('league')) {
  let t = performance.now();
  const rows = d.registrationsOf(rec.spec.id);
  gen += performance.now() - t;
  t = performance.now();
  index.set(await indexEvent(rec.spec.id, 1, rows as never));
  build += performance.now() - t;
}
console.log('gen', gen.toFixed(0), 'build', build.toFixed(0));
const sample = d.registrationsOf(2005)[1234]!;
console.log(sample.first_name, sample.last_name, sample.email, sample.order_id, sample.custom_questions.map(a=>a.reponse));
for (const q of ["e","em","emi","emil","emili","emilie","emilie ","emilie d","emilie du", "a", "ma", "mar", "mart", "martin", "martin dup", "dupont-lajoie emilie", sample.email, sample.order_id, "0612", "06 12 34", "zzzz", "x", "1", "émilie", sample.last_name + " " + sample.first_name]) {
  const times: number[] = [];
  let r;
  for (let i = 0; i < 7; i++) { const t = performance.now(); r = index.search(q, 50); times.push(performance.now() - t); }
  times.sort((a,b)=>a-b);
  console.log(JSON.stringify(q), r!.total, times[3]!.toFixed(1), times[6]!.toFixed(1));
}
console.log('heap', (process.memoryUsage().heapUsed/1e6).toFixed(0));
