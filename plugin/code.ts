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
    /** The writers' path steps, for within(): `CarECU$steps`. */
    steps: `${s}$steps`,
  };
}

/**
 * The proto name the JSON writer gives the key of `field` under `useProtoFieldName`, when it
 * writes the JSON name, which is the local name, and renames the message's keys at the end;
 * undefined when the two names are the same, or when the JSON name is not the local name (then
 * the key is chosen where it is written).
 */
export function renamedKey(field: DescField): string | undefined {
  return field.jsonName === field.localName && field.name !== field.jsonName
    ? field.name
    : undefined;
}

/**
 * The path steps of a writer's fields in the order printFieldsInOrder() counts them: each
 * field's local name in number order, a oneof's name before its members', then `$unknown`. A
 * field the JSON writer renames (renamedKey()) is `localName:proto_name`.
 */
function writeSteps(fields: readonly DescField[]): string[] {
  const steps: string[] = [];
  for (const field of fields) {
    const oneof = field.oneof?.localName;
    if (oneof !== undefined && steps.at(-1) !== oneof && !steps.includes(oneof)) steps.push(oneof);
    const proto = renamedKey(field);
    steps.push(proto === undefined ? field.localName : `${field.localName}:${proto}`);
  }
  steps.push("$unknown");
  return steps;
}

/** The fields of `desc` in number order, as the writers write them. */
export function fieldsInOrder(desc: DescMessage): DescField[] {
  return [...desc.fields].sort((a, b) => a.number - b.number);
}

/**
 * Prints `X$steps`, the path steps of the message's writers (binary and JSON) as one
 * space-separated string: a writer keeps the index of the field it writes in `f` and the
 * runtime's within() names the step only for a refused value. The JSON writer's
 * withProtoNames() reads the proto names in it.
 */
export function printWriteSteps(c: Code, desc: DescMessage): void {
  c.doc(`The path steps of the ${desc.typeName} writers' fields, for within().`);
  c.line(`const ${namesOf(desc).steps} = ${lit(writeSteps(fieldsInOrder(desc)).join(" "))};`);
  c.line();
}

/**
 * Prints the write of each field of a writer (binary or JSON) in number order, by `printField`,
 * each after the step of `f` to the field's index in the message's steps (printWriteSteps()),
 * then the step to `$unknown`. `f` starts at -1 and counts up (`f++`, the same text for every
 * field); past a oneof it is set. The members of a oneof, which must have consecutive numbers,
 * are the cases of one switch on the oneof's case, read once (`f` at the oneof's step, then at
 * the member's); a case no member takes is refused with the runtime's `refuseCase`.
 * `printField` prints a member's write of `(<oneof> as { value: unknown }).value`.
 */
export function printFieldsInOrder(
  c: Code,
  fields: readonly DescField[],
  printField: (c: Code, field: DescField) => void,
): void {
  // The index of the next step, and whether `f` is one below it (so that `f++` reaches it).
  let step = 0;
  let counted = true;
  const next = (): void => {
    c.line(counted ? "f++;" : `f = ${step};`);
    step++;
    counted = true;
  };
  for (let index = 0; index < fields.length; index++) {
    const oneof = fields[index]?.oneof;
    if (oneof === undefined) {
      const field = fields[index] as DescField;
      c.line(`// ${field.number} ${field.name}`);
      next();
      printField(c, field);
      continue;
    }
    const members = fields.slice(index, index + oneof.fields.length);
    if (members.some((f) => f.oneof !== oneof)) {
      throw new Error(
        `protoc-gen-vuc: ${oneof.name}: a oneof's members must have consecutive numbers`,
      );
    }
    const o = oneof.localName;
    next();
    c.line(`const ${o} = message.${o};`);
    c.block(["switch (", c.rt("oneofCase"), `(${o})) {`], () => {
      c.line("case undefined:");
      c.line("  break;");
      for (const field of members) {
        c.line(`// ${field.number} ${field.name}`);
        c.block([`case ${lit(field.localName)}:`], () => {
          c.line(`f = ${step++};`);
          printField(c, field);
          c.line("break;");
        }, []);
      }
      c.line("default:");
      c.line("  ", c.rt("refuseCase"), `((${o} as { case: unknown }).case);`);
    });
    counted = false;
    index += members.length - 1;
  }
  next(); // $unknown
}
