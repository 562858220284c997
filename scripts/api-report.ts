// The public surface of the package, as users get it: one API Extractor report per subpath of
// package.json's `exports` that holds code, made from the built declarations in dist/, and the
// count of names per subpath for docs/architecture.md. scripts/write-api-report.ts writes them
// (`npm run api`); test/docs/api-report.test.ts fails when the committed files differ.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
} from "@microsoft/api-extractor";
import ts from "typescript";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** A subpath of package.json's `exports` that holds code. */
export interface Subpath {
  /** As package.json names it: `"."`, `"./kafka"`. */
  subpath: string;
  /** What a user imports: `vehicle-update-codec`, `vehicle-update-codec/kafka`. */
  specifier: string;
  /** The report's path from the repository's root: `api/index.api.md`, `api/kafka.api.md`. */
  report: string;
  /** The ESM declarations users' `import` resolves to: `dist/kafka/index.d.ts`. */
  declarations: string;
}

/** A subpath and the names it exports, each list sorted. */
export interface SubpathNames extends Subpath {
  /** Names with a value at run time: functions, constants, classes, enums. */
  runtime: string[];
  /** Names that are types only: interfaces and type aliases. */
  types: string[];
}

interface ExportTarget {
  import?: { types?: string };
}

/** Every subpath of package.json's `exports` whose `import` has declarations, in its order. */
export function subpaths(): Subpath[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, string | ExportTarget>;
  };
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const types = typeof target === "string" ? undefined : target.import?.types;
    if (types === undefined) return [];
    const name = subpath === "." ? "index" : subpath.slice("./".length);
    return [
      {
        subpath,
        specifier: subpath === "." ? pkg.name : `${pkg.name}/${name}`,
        report: `api/${name}.api.md`,
        declarations: types.slice("./".length),
      },
    ];
  });
}

/** {@link subpaths}, after checking that dist/ holds their declarations. */
function builtSubpaths(): Subpath[] {
  const entries = subpaths();
  for (const entry of entries) {
    if (!existsSync(join(root, entry.declarations))) {
      throw new Error(`${entry.declarations} is missing: run npm run build first`);
    }
  }
  return entries;
}

/**
 * The API Extractor configuration of one subpath. API Extractor reads one entry point per run, so
 * each subpath has its own, made here from package.json rather than kept as a file per subpath;
 * its report goes to a scratch folder and is read back from there.
 */
function extractorConfig(entry: Subpath, reportFolder: string): ExtractorConfig {
  return ExtractorConfig.prepare({
    configObjectFullPath: undefined,
    packageJsonFullPath: join(root, "package.json"),
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry.declarations),
      compiler: { tsconfigFilePath: join(root, "tsconfig.json") },
      apiReport: {
        enabled: true,
        reportFileName: "report",
        reportFolder,
        reportTempFolder: reportFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The compiler's errors stop the run; the package has no release tags (every name is
        // public), and the TSDoc checks are test/docs/tsdoc.test.ts's.
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Error, addToApiReportFile: true },
          "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          // A type a subpath's signatures use but that it does not export (one of another
          // subpath, or of none): shown in the report, where a reviewer sees it.
          "ae-forgotten-export": { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
          // Members without a doc comment keep their "(undocumented)" mark; the list of them at
          // the end of the report is left out.
          "ae-undocumented": { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          // API Extractor resolves a {@link} within the one entry point it reads, so each link
          // to a name of another subpath would be reported.
          "ae-unresolved-link": { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        },
        tsdocMessageReporting: {
          default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        },
      },
    },
  });
}

/**
 * The report of every subpath, by its path from the repository's root, made from dist/ as it is
 * (`npm run build` first). Throws when API Extractor reports an error.
 */
export function apiReports(): Map<string, string> {
  const entries = builtSubpaths();
  const scratch = mkdtempSync(join(tmpdir(), "vuc-api-"));
  try {
    const configs = entries.map((entry) => extractorConfig(entry, join(scratch, entry.report)));
    // One TypeScript program for every entry point, rather than one per subpath.
    const compilerState = CompilerState.create(configs[0] as ExtractorConfig, {
      additionalEntryPoints: entries.map((entry) => join(root, entry.declarations)),
    });
    const reports = new Map<string, string>();
    entries.forEach((entry, i) => {
      const errors: string[] = [];
      const result = Extractor.invoke(configs[i] as ExtractorConfig, {
        compilerState,
        localBuild: true,
        messageCallback(message: ExtractorMessage) {
          if (message.logLevel === ExtractorLogLevel.Error)
            errors.push(message.formatMessageWithLocation(root));
          message.handled = true;
        },
      });
      if (!result.succeeded || errors.length > 0) {
        throw new Error(`API Extractor failed on ${entry.declarations}:\n${errors.join("\n")}`);
      }
      const text = readFileSync(join(scratch, entry.report, "report.api.md"), "utf8");
      // API Extractor names the package; the report names the subpath.
      reports.set(
        entry.report,
        text.replace(
          /^## API Report File for ".*"$/m,
          `## API Report File for "${entry.specifier}"`,
        ),
      );
    });
    return reports;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Whether `symbol`, an export, is exported as a type only somewhere along its chain of aliases. */
function exportedAsType(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  for (let alias = symbol; alias.flags & ts.SymbolFlags.Alias; ) {
    if (alias.declarations?.some((node) => ts.isTypeOnlyImportOrExportDeclaration(node)))
      return true;
    const next = checker.getImmediateAliasedSymbol(alias);
    if (next === undefined) break;
    alias = next;
  }
  return false;
}

/**
 * The names each subpath exports, read from the same declarations as the reports: a name with a
 * value (a function, a constant, a class, an enum, a zod schema beside its type of the same name)
 * is a runtime name; an interface or a type alias, or a name exported as a type only, a type.
 */
export function exportedNames(): SubpathNames[] {
  const entries = builtSubpaths();
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic(diagnostic) {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (config === undefined) throw new Error("tsconfig.json could not be read");
  const program = ts.createProgram(
    entries.map((entry) => join(root, entry.declarations)),
    config.options,
  );
  const checker = program.getTypeChecker();
  return entries.map((entry) => {
    const file = program.getSourceFile(join(root, entry.declarations));
    const module = file && checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${entry.declarations} is not a module`);
    const found: SubpathNames = { ...entry, runtime: [], types: [] };
    for (const symbol of checker.getExportsOfModule(module)) {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const runtime = target.flags & ts.SymbolFlags.Value && !exportedAsType(checker, symbol);
      found[runtime ? "runtime" : "types"].push(symbol.name);
    }
    found.runtime.sort();
    found.types.sort();
    return found;
  });
}

/** The page that holds the table of counts, and the comments that fence the table in it. */
export const countPage = "docs/architecture.md";
const tableStart = "<!-- api-counts: written by npm run api -->";
const tableEnd = "<!-- /api-counts -->";

/** The table of counts, a row per subpath and their sum, fenced for {@link withCountTable}. */
export function countTable(names: SubpathNames[]): string {
  const rows = names.map(
    ({ specifier, report, runtime, types }) =>
      `| \`${specifier}\` | ${runtime.length} | ${types.length} | [${report}](../${report}) |`,
  );
  const sum = (key: "runtime" | "types") => names.reduce((n, found) => n + found[key].length, 0);
  return [
    tableStart,
    "| subpath | runtime names | types | report |",
    "| --- | ---: | ---: | --- |",
    ...rows,
    `| all subpaths | ${sum("runtime")} | ${sum("types")} | |`,
    tableEnd,
  ].join("\n");
}

/** `page` with its table of counts replaced by `table`; throws when the page has no table. */
export function withCountTable(page: string, table: string): string {
  const start = page.indexOf(tableStart);
  const end = page.indexOf(tableEnd);
  if (start < 0 || end < start) {
    throw new Error(`${countPage} has no table fenced by ${tableStart} and ${tableEnd}`);
  }
  return page.slice(0, start) + table + page.slice(end + tableEnd.length);
}
