/**
 * Loaded after the first screen: the evaluator with the flow's computations and tables. In another
 * language than the default, the tables' texts of the visit's language (chosen by main.tsx, read from
 * `<html lang>`) load with it: the visitor reads them, while routes, stored values and the lead keep
 * the flow file's own texts, so answers and results stay comparable across languages.
 */
import flow from 'virtual:flow';
import { tablePacks } from 'virtual:flow-languages';
import model from 'virtual:flow-scoring';
import { translateDocument } from '../engine/i18n/translation.ts';
import { resultCodeFor } from './derive-result.ts';

const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
const loadTables = Object.hasOwn(tablePacks, language) ? tablePacks[language] : undefined;
const tableTexts = loadTables ? await loadTables() : undefined;

export const resultCode = resultCodeFor(
  model,
  flow.settings,
  tableTexts === undefined ? undefined : translateDocument(model, tableTexts),
);
