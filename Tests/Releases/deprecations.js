// Prints the deprecations TypeScript's language service reports for one
// file (what an editor strikes through), as `file:line:col: warning: text`,
// the tag's text following the message. tsc itself reports none.
//   node deprecations.js FOLDER FILE
const ts = require('typescript');
const path = require('path');
const [folder, file] = process.argv.slice(2);
const files = ts.sys.readDirectory(folder, ['.ts']);
const options = { strict: true, target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, noEmit: true };
const host = {
  getScriptFileNames: () => files,
  getScriptVersion: () => '1',
  getScriptSnapshot: (name) => ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)) : undefined,
  getCurrentDirectory: () => folder,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
};
const service = ts.createLanguageService(host);
const target = path.join(folder, file);
const source = service.getProgram().getSourceFile(target);
for (const d of service.getSuggestionDiagnostics(target)) {
  if (!d.reportsDeprecated) continue;
  const { line, character } = source.getLineAndCharacterOfPosition(d.start);
  // The deprecation's own text: the @deprecated tag of the symbol used.
  const info = service.getQuickInfoAtPosition(target, d.start);
  const tag = (info && info.tags || []).filter((t) => t.name === 'deprecated').map((t) => ts.displayPartsToString(t.text)).join(' ');
  console.log(`${file}:${line + 1}:${character + 1}: warning: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')} ${tag}`);
}
