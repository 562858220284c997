// A small line printer for the generators: indentation, and the runtime and shape imports.
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import type { GeneratedFile, ImportSymbol, Printable } from "@bufbuild/protoplugin";
import { lit, stem } from "./wire.js";

/**
 * The runtime the generated code imports: a subpath import of this package (package.json
 * `imports` maps it to src/runtime/index.ts), as protobuf-es's generated code imports
 * @bufbuild/protobuf/wire; never a relative path from gen/ into src/. tsup inlines it into
 * the chunks of dist/, so the published package never imports `#runtime`.
 */
export const runtimePath = "#runtime";

/** Prints one generated file: lines of code with symbols that protoplugin turns into imports. */
export class Code {
  private depth = 0;
  private readonly symbols = new Map<string, ImportSymbol>();

  constructor(readonly f: GeneratedFile) {}

  /** A helper of the generated runtime, imported on use. */
  rt(name: string): ImportSymbol {
    let symbol = this.symbols.get(name);
    if (symbol === undefined) {
      symbol = this.f.import(name, runtimePath);
      this.symbols.set(name, symbol);
    }
    return symbol;
  }

  /** A type of the generated runtime, type-imported on use. */
  rtType(name: string): ImportSymbol {
    return this.rt(name).toTypeOnly();
  }

  /** The message type of `desc`, type-imported on use. */
  shape(desc: DescMessage): ImportSymbol {
    return this.f.importShape(desc);
  }

  /** Prints one line at the current indentation; an empty call prints an empty line. */
  line(...parts: Printable[]): void {
    if (parts.length === 0) {
      this.f.print();
      return;
    }
    this.f.print("  ".repeat(this.depth), ...parts);
  }

  /** Prints `open`, then `body` one level deeper, then `close` (if any). */
  block(open: Printable[], body: () => void, close: Printable[] = ["}"]): void {
    this.line(...open);
    this.depth++;
    body();
    this.depth--;
    if (close.length > 0) this.line(...close);
  }

  /** Prints a TSDoc comment. */
  doc(text: string): void {
    const lines = text.split("\n");
    if (lines.length === 1) {
      this.line(`/** ${text} */`);
      return;
    }
    this.line("/**");
    for (const l of lines) this.line(l.length > 0 ? ` * ${l}` : " *");
    this.line(" */");
  }
}

/** The names of the generated declarations for one message type. */
export function namesOf(desc: DescMessage) {
  const s = stem(desc);
  return {
    /** The prefix of the message's constants: `CarECU$json`. */
    typeName: `${s}$`,
    create: `create${s}`,
    /** Makes a message from an init, as protobuf-es's create(schema, init): `createCarECUFrom`. */
    createFrom: `create${s}From`,
    read: `read${s}`,
    /** Prefix of the map entry readers: `readCarUpdateStatusEcus`. */
    readEntry: `read${s}`,
    /** The exported binary reader constant: `GRPC_AttendantPayload$reader`. */
    binaryReader: `${s}$reader`,
    write: `write${s}`,
    writeJson: `writeJson${s}`,
    readJson: `readJson${s}`,
  };
}

/**
 * Prints the write of each field of a writer (binary or JSON) in number order, by `printField`.
 * The members of a oneof, which must have consecutive numbers, are the cases of one switch on
 * the oneof's case, read once (`f` holds the oneof's name, then the member's, for error paths);
 * a case no member takes is refused with the runtime's `refuseCase`. `printField` prints a
 * member's write of `(<oneof> as { value: unknown }).value`.
 */
export function printFieldsInOrder(
  c: Code,
  fields: readonly DescField[],
  printField: (c: Code, field: DescField) => void,
): void {
  for (let index = 0; index < fields.length; index++) {
    const oneof = fields[index]?.oneof;
    if (oneof === undefined) {
      printField(c, fields[index] as DescField);
      continue;
    }
    const members = fields.slice(index, index + oneof.fields.length);
    if (members.some((f) => f.oneof !== oneof)) {
      throw new Error(
        `protoc-gen-vuc: ${oneof.name}: a oneof's members must have consecutive numbers`,
      );
    }
    const o = oneof.localName;
    c.line(`f = ${lit(o)};`);
    c.line(`const ${o} = message.${o};`);
    c.block(["switch (", c.rt("oneofCase"), `(${o})) {`], () => {
      c.line("case undefined:");
      c.line("  break;");
      for (const field of members) {
        c.line(`// ${field.number} ${field.name}`);
        c.block([`case ${lit(field.localName)}:`], () => {
          c.line(`f = ${lit(field.localName)};`);
          printField(c, field);
          c.line("break;");
        }, []);
      }
      c.line("default:");
      c.line("  ", c.rt("refuseCase"), `((${o} as { case: unknown }).case);`);
    });
    index += members.length - 1;
  }
}
