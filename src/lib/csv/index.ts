export { buildCsv, type BuildCsvInput, type CsvCell } from './build-csv';
export { csvFileName, slugify } from './csv-file-name';
export {
  CSV_PRESET_IDS,
  CSV_PRESETS,
  defaultCsvPresetId,
  isCsvPresetId,
  type CsvPreset,
  type CsvPresetId,
} from './csv-presets';
export { downloadBlob } from './download-blob';
export { exportCsv, prepareCsvExport, type ExportCsvOptions } from './export-csv';
export { guardFormula, unguardFormula } from './formula-guard';
