import type { z } from '@/lib/zod';

/** The first issue of a failed parse as `events[2].eve_id` plus zod's message. */
export function describeZodIssue(error: z.core.$ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '(root)', message: 'invalid' };
  const field = issue.path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');
  return { field: field || '(root)', message: issue.message };
}
