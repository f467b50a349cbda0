// The CSV export's public surface for the screens (the file itself is built by the engine:
// src/engine/export).
export { csvFileName, downloadFileName } from './csv-file-name';
export { CSV_PRESET_IDS } from './csv-presets';
export { downloadBlob } from './download-blob';
export { guardFormula } from './formula-guard';
