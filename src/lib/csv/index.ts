// The CSV export's public surface for the screens.
export { csvFileName, downloadFileName } from './csv-file-name';
export { CSV_PRESET_IDS } from './csv-presets';
export { downloadBlob } from './download-blob';
export { exportCsv, prepareCsvExport } from './export-csv';
export { guardFormula } from './formula-guard';
