import { act, renderHook } from '@testing-library/react';
import { endSession, startSession } from '@/lib/session';
import { TEST_SESSION } from '../../../../test/fixtures';
import { DEFAULT_PRINT_CHOICES } from './print-options';
import { NO_CLEAN_ANSWERS } from '../rows/question-readings';
import { usePrint } from './use-print';

describe('usePrint', () => {
  beforeEach(() => startSession(TEST_SESSION));

  it('remembers each event’s choices for the session, a reload included, and forgets them at sign-out', () => {
    const first = renderHook(({ eventId }) => usePrint(eventId), { initialProps: { eventId: 1030 } });
    expect(first.result.current.choices).toEqual(DEFAULT_PRINT_CHOICES);
    act(() => first.result.current.ready({ rows: [], clean: NO_CLEAN_ANSWERS }, 'check-in'));
    expect(first.result.current.job).toEqual({
      step: 'choosing',
      kind: 'check-in',
      rows: [],
      clean: NO_CLEAN_ANSWERS,
    });
    const checkIn = { ...DEFAULT_PRINT_CHOICES.checkIn, columns: ['last_name', 'q:7'], desks: 3 };
    act(() => first.result.current.printCheckIn(checkIn));
    expect(first.result.current.job).toEqual({
      step: 'printing',
      kind: 'check-in',
      rows: [],
      clean: NO_CLEAN_ANSWERS,
    });
    expect(first.result.current.choices.checkIn).toEqual(checkIn);
    act(() => first.result.current.end());
    expect(first.result.current.job).toBeNull();

    // Another event has its own; coming back finds them, as a new screen (a reload) does.
    first.rerender({ eventId: 1031 });
    expect(first.result.current.choices).toEqual(DEFAULT_PRINT_CHOICES);
    first.rerender({ eventId: 1030 });
    expect(first.result.current.choices.checkIn).toEqual(checkIn);
    first.unmount();
    expect(renderHook(() => usePrint(1030)).result.current.choices.checkIn).toEqual(checkIn);

    endSession();
    expect(renderHook(() => usePrint(1030)).result.current.choices).toEqual(DEFAULT_PRINT_CHOICES);
  });

  it('keeps the labels’ choices but never where to start on the sheet', () => {
    const { result } = renderHook(() => usePrint(1030));
    act(() => result.current.ready({ rows: [], clean: NO_CLEAN_ANSWERS }, 'labels'));
    const labels = { ...DEFAULT_PRINT_CHOICES.labels, sheet: 'a4-2x7' as const, order: true };
    act(() => result.current.printLabels(labels, 9));
    expect(result.current.job).toEqual({
      step: 'printing',
      kind: 'labels',
      rows: [],
      clean: NO_CLEAN_ANSWERS,
      startAt: 9,
    });
    expect(renderHook(() => usePrint(1030)).result.current.choices).toEqual({
      ...DEFAULT_PRINT_CHOICES,
      labels,
    });
  });

  it('restores what a saved view kept, whatever it is', () => {
    const { result } = renderHook(() => usePrint(1030));
    act(() => result.current.restore({ checkIn: { desks: 4, pagePerDesk: true }, labels: 'junk' }));
    expect(result.current.choices).toEqual({
      checkIn: { ...DEFAULT_PRINT_CHOICES.checkIn, desks: 4, pagePerDesk: true },
      labels: DEFAULT_PRINT_CHOICES.labels,
    });
    act(() => result.current.restore(undefined));
    expect(result.current.choices).toEqual(DEFAULT_PRINT_CHOICES);
  });
});
