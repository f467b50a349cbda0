import { getDemoDataset } from './src/mocks/data/dataset';
import { rowKeys } from './src/lib/device-copy/search-index';
const d = getDemoDataset('2026-11-24');
const wide: string[] = [], narrow: string[] = [];
for (const rec of d.eventsOf('league')) {
  const keys = d.registrationsOf(rec.spec.id).map((r) => rowKeys(r as never));
  wide.push(keys.join('\n'));
  narrow.push(keys.map(k => /[^\x00-\xff]/.test(k) ? '' : k).join('\n'));
}
console.log('len', wide.reduce((s,h)=>s+h.length,0));
function scan(hs: string[], t: string) { let n=0; for (const h of hs) { let p = h.indexOf(t); while (p !== -1) { n++; let e = h.indexOf('\n', p); if (e===-1) e=h.length; p = h.indexOf(t, e+1);} } return n; }
for (const q of ['martin','emilie','zzzz','ma','0612']) {
  for (const [name, hs] of [['wide', wide], ['narrow', narrow]] as const) {
    const ts: number[] = [];
    let n = 0;
    for (let i=0;i<5;i++){const t=performance.now(); n=scan(hs,q); ts.push(performance.now()-t);}
    ts.sort((a,b)=>a-b); console.log(q, name, n, ts[2]!.toFixed(1));
  }
}
