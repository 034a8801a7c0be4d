/**
 * Proves a flow's language files (flows/<flow>.<language>.json): every visitor-facing text of the flow
 * (and of each experiment variant's patches) has a non-empty translation with the same placeholders,
 * made from the flow's current text; no key names a text the flow no longer has; every file is for a
 * language the flow lists, and every listed language has its file. Each finding is placed at its
 * line:column in the translation file (or in the flow file, for a listed language without a file).
 * Node/build-time only (ajv and the flow schema must not ship to the browser).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import flowSchema from '../../../schemas/flow.schema.json' with { type: 'json' };
import translationSchema from '../../../schemas/flow-translation.schema.json' with { type: 'json' };
import type { Flow } from '../flow.gen.ts';
import { flowTexts } from '../i18n/flow-texts.ts';
import { valueAt } from '../i18n/text-pointers.ts';
import { fileLanguage, flowLanguages, type TranslationFile } from '../i18n/translation.ts';
import { placeholderReads } from '../template.ts';
import { error, pointerOf, type Finding, type FlowIssue } from './flow-issue.ts';
import { parseJsonSource } from './json-source.ts';

const validateFile = new Ajv2020({ allErrors: true, strict: true }).compile<TranslationFile>(
  translationSchema,
);

/** A language file's name and text. */
export interface LanguageFileText {
  file: string;
  text: string;
}

export interface TranslationCheckResult {
  errors: FlowIssue[];
  warnings: FlowIssue[];
  /** The parsed files that have no error, by language. */
  files: Map<string, TranslationFile>;
}

/** The placeholders of a text as a comparable list: path, format name and whether it has a fallback. */
function placeholderSet(text: string): string[] {
  return placeholderReads(text)
    .map(
      (read) =>
        `{${read.path}${read.format === undefined ? '' : `:${read.format.replace(/\(.*$/, '')}`}${read.fallback === undefined ? '' : '|…'}}`,
    )
    .sort();
}

function warn(finding: Finding): Finding {
  return { ...finding, severity: 'warning' };
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);
}

/** The findings of one parsed translation file against the flow's texts. */
function fileFindings(
  flow: Flow,
  texts: ReadonlyMap<string, string>,
  file: TranslationFile,
  named: string | undefined,
): Finding[] {
  const languages = flowLanguages(flow);
  const source = languages.default;
  const language = file.language;
  const found: Finding[] = [];
  if (named !== undefined && named !== language)
    found.push(
      error(
        '/language',
        `the file name says "${named}" but "language" is "${language}"`,
        `name the file <flow>.${language}.json or fix "language"`,
      ),
    );
  if (language === source || !languages.available.includes(language)) {
    const listed = languages.available.filter((l) => l !== source).join(', ') || 'none';
    found.push(
      error(
        '/language',
        language === source
          ? `"${language}" is the flow's default language: its texts are the flow file itself`
          : `a language file for "${language}", which the flow does not list`,
        `add "${language}" to the flow's languages.available, or delete this file (translated languages: ${listed})`,
      ),
    );
    return found;
  }
  const draft = languages.drafts.includes(language);
  const missing = (finding: Finding) => (draft ? warn(finding) : finding);
  const fix = `run npm run flow:translate -- <flow.json> ${language}, then translate`;
  for (const [pointer, text] of texts) {
    const entry = Object.hasOwn(file.texts, pointer) ? file.texts[pointer] : undefined;
    const at = pointerOf('/texts', pointer);
    if (entry === undefined) {
      found.push(
        missing({
          ...error('/texts', `no ${language} translation of ${pointer} (${quote(text)})`, fix),
          atKey: true,
        }),
      );
      continue;
    }
    const translation = entry[language];
    if (translation === undefined || translation.trim() === '') {
      found.push(
        missing(
          error(
            translation === undefined ? at : pointerOf(at, language),
            `the ${language} translation of ${pointer} is empty`,
            `translate ${quote(text)}`,
          ),
        ),
      );
      continue;
    }
    if (entry.outdated !== undefined)
      found.push(
        error(
          pointerOf(at, 'outdated'),
          `the source of ${pointer} changed since it was translated (was ${quote(entry.outdated)})`,
          `check the ${language} text against the new source, then delete "outdated"`,
        ),
      );
    else if (entry[source] !== text)
      found.push(
        error(
          pointerOf(at, source),
          `stale translation: the flow's text of ${pointer} is now ${quote(text)}`,
          `update "${source}" to the flow's text and check the ${language} translation (npm run flow:translate marks it)`,
        ),
      );
    const want = placeholderSet(text);
    const got = placeholderSet(translation);
    if (want.join(' ') !== got.join(' ')) {
      const lost = want.filter((p) => !got.includes(p));
      const extra = got.filter((p) => !want.includes(p));
      const detail = [
        lost.length ? `missing ${lost.join(', ')}` : '',
        extra.length ? `not in the source: ${extra.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      found.push(
        error(
          pointerOf(at, language),
          `the ${language} translation of ${pointer} has other placeholders than the source (${detail})`,
          'keep every {placeholder} of the source, with its format; translate only the words around it and inside plural(…)',
        ),
      );
    }
  }
  for (const pointer of Object.keys(file.texts)) {
    if (texts.has(pointer)) continue;
    const gone = valueAt(flow, pointer) === undefined;
    found.push({
      ...error(
        pointerOf('/texts', pointer),
        gone
          ? `a translation of a text that no longer exists: the flow has nothing at ${pointer}`
          : `${pointer} is not a visitor-facing text (ids, routes, rules, values, scores and urls are not translated)`,
        'delete this entry (npm run flow:translate drops it)',
      ),
      atKey: true,
    });
  }
  return found;
}

/** Checks the flow's language files; `flowFile`/`flowText` place a listed language without a file. */
export function checkTranslations(
  flow: Flow,
  flowFile: string,
  flowText: string,
  files: readonly LanguageFileText[],
): TranslationCheckResult {
  const texts = flowTexts(flow, flowSchema);
  const errors: FlowIssue[] = [];
  const warnings: FlowIssue[] = [];
  const parsed = new Map<string, TranslationFile>();
  const report = (
    file: string,
    locate: (pointer: string, atKey?: boolean) => { line: number; column: number },
    finding: Finding,
  ) => {
    const { line, column } = locate(finding.pointer, finding.atKey);
    const issue: FlowIssue = {
      file,
      pointer: finding.pointer,
      line,
      column,
      message: finding.message,
      ...(finding.hint === undefined ? {} : { hint: finding.hint }),
    };
    (finding.severity === 'error' ? errors : warnings).push(issue);
  };
  for (const { file, text } of files) {
    const source = parseJsonSource(text);
    if (source.syntaxError) {
      const { line, column, message, hint } = source.syntaxError;
      errors.push({ file, pointer: '', line, column, message, ...(hint === undefined ? {} : { hint }) });
      continue;
    }
    const findings = [...source.duplicateKeys];
    if (!validateFile(source.value)) {
      for (const e of validateFile.errors ?? [])
        findings.push(
          error(
            e.instancePath,
            `not a language file: ${e.instancePath || 'the file'} ${e.message ?? 'is invalid'}`,
            'see schemas/flow-translation.schema.json',
          ),
        );
    } else {
      findings.push(...fileFindings(flow, texts, source.value, fileLanguage(file)));
      if (!findings.some((f) => f.severity === 'error')) parsed.set(source.value.language, source.value);
    }
    for (const finding of findings) report(file, source.locate, finding);
  }
  const languages = flowLanguages(flow);
  const named = new Set(files.map((f) => fileLanguage(f.file)));
  const flowSource = parseJsonSource(flowText);
  languages.available.forEach((language, index) => {
    if (language === languages.default || named.has(language)) return;
    const finding = error(
      flow.languages ? `/languages/available/${index}` : '/languages',
      `"${language}" is listed but has no language file`,
      `run npm run flow:translate -- ${flowFile} ${language}`,
    );
    report(flowFile, flowSource.locate, languages.drafts.includes(language) ? warn(finding) : finding);
  });
  const byPlace = (a: FlowIssue, b: FlowIssue) =>
    a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
  return { errors: errors.sort(byPlace), warnings: warnings.sort(byPlace), files: parsed };
}
