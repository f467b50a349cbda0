import { formatBytes } from '@/lib/numbers';
import { formatAgo } from './format';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;

describe('sizes and ages on "On this device"', () => {
  it('sizes in the language’s units, number and unit on one line', () => {
    expect(formatBytes(0, 'en')).toBe('0\u00a0byte');
    expect(formatBytes(9_912, 'en')).toBe('9.9\u00a0kB');
    expect(formatBytes(2_345_678, 'en')).toBe('2.3\u00a0MB');
    expect(formatBytes(11_000_000_000, 'en')).toBe('11\u00a0GB');
    expect(formatBytes(2_345_678, 'fr')).toBe('2,3\u202fMo');
  });

  it('ages: "just now" (null) under a minute or in the future, then minutes, hours, days', () => {
    expect(formatAgo(NOW - 20_000, NOW, 'en')).toBeNull();
    expect(formatAgo(NOW + HOUR, NOW, 'en')).toBeNull();
    expect(formatAgo(NOW - 5 * 60_000, NOW, 'en')).toBe('5 minutes ago');
    expect(formatAgo(NOW - 3 * HOUR, NOW, 'en')).toBe('3 hours ago');
    expect(formatAgo(NOW - 3 * HOUR, NOW, 'fr')).toBe('il y a 3 heures');
    expect(formatAgo(NOW - 24 * HOUR, NOW, 'en')).toBe('yesterday');
    expect(formatAgo(NOW - 10 * 24 * HOUR, NOW, 'en')).toBe('last week');
  });
});
