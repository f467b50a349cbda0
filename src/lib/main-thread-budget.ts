/**
 * How much work the page does in one go on the main thread, in one place for every loop that
 * slices its work (building the model, idle preparation of search and sort data, sending rows
 * to a worker, reconciling a full check).
 *
 * A slice measured by the clock stops after SLICE_BUDGET_MS: that leaves room in a 60 Hz frame
 * for style, layout and paint, so typing and scrolling stay smooth while 100,000 rows are
 * prepared. A slice counted in rows (a message of rows to a worker: its structured clone
 * cannot be interrupted) is sized to take about that long on a desktop, so that on a phone
 * four times slower it still stays under the 50 ms of a long task.
 */
export const SLICE_BUDGET_MS = 8;

/**
 * Rows in one message between the page and a worker. Sending or receiving one message is one
 * task of the page that cannot be cut: 500 rows (a structured clone of about 400 kB) are sized to
 * take about SLICE_BUDGET_MS on a desktop.
 */
export const ROWS_PER_WORKER_MESSAGE = 500;
