import { z } from 'zod';

/**
 * Deployment settings read at run time from `/config.json`, so an operator can point the
 * build at their Partner API without rebuilding. Everything is optional.
 */
const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().optional(),
});

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;

export async function loadRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  try {
    const response = await fetch(new URL('/config.json', globalThis.location.href), signal ? { signal } : {});
    if (!response.ok) return {};
    const parsed = runtimeConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : {};
  } catch {
    // No config file is a valid deployment: the user types the base URL.
    return {};
  }
}
