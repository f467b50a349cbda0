import { z } from '@/lib/zod';
import { schemaOnFirstUse } from './schema-on-first-use';

describe('a schema built on first use', () => {
  it('is built when first asked for, then the same one is given each time', () => {
    const build = vi.fn(() => z.object({ id: z.number() }));
    const schema = schemaOnFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema().safeParse({ id: 1 }).success).toBe(true);
    expect(schema()).toBe(schema());
    expect(build).toHaveBeenCalledOnce();
  });
});
