// protoc-gen-vuc: generates straight-line decode, encode and JSON functions for the messages of
// each proto file (<file>_fast.ts, next to protoc-gen-es's <file>_pb.ts). The functions read and
// write the very message objects protobuf-es makes; every check and error text is in the runtime
// they import as `#runtime` (src/runtime/). buf.gen.yaml runs it beside protoc-gen-es:
// `node --import tsx plugin/protoc-gen-vuc.ts`.
import type { DescMessage } from "@bufbuild/protobuf";
import { nestedTypes } from "@bufbuild/protobuf/reflect";
import { createEcmaScriptPlugin, runNodeJs, type Schema } from "@bufbuild/protoplugin";
import { Code, printWriteSteps } from "./code.js";
import { printCreateEntryPoint, printCreateFrom } from "./generate-create.js";
import {
  printConstants,
  printCreate,
  printDecode,
  printMapEntryReaders,
} from "./generate-decode.js";
import { printEncode } from "./generate-encode.js";
import { printEntryPoints } from "./generate-entry-points.js";
import { printEnumTables, printToJson } from "./generate-json.js";
import { printFromJson } from "./generate-json-reader.js";
import { printOneofCases, printOneofMembers } from "./generate-oneofs.js";
import { checkSupported } from "./wire.js";

const version = "v1";

function generateTs(schema: Schema): void {
  for (const file of schema.files) {
    const messages = [...nestedTypes(file)].filter(
      (desc): desc is DescMessage => desc.kind === "message" && !desc.proto.options?.mapEntry,
    );
    if (messages.length === 0) continue;
    for (const desc of messages) checkSupported(desc);
    const f = schema.generateFile(`${file.name}_fast.ts`);
    f.preamble(file);
    const c = new Code(f);
    c.line(
      "// Straight-line decoders, encoders and JSON mappers for the messages of this file, made by",
    );
    c.line(
      "// protoc-gen-vuc. They take and return the message objects of the _pb.ts file next to this one.",
    );
    c.line();
    printEnumTables(c, messages);
    printOneofCases(c, messages);
    for (const desc of messages) {
      printConstants(c, desc);
      printCreate(c, desc);
      printCreateFrom(c, desc);
      printMapEntryReaders(c, desc);
      printDecode(c, desc);
      printWriteSteps(c, desc);
      printEncode(c, desc);
      printToJson(c, desc);
      printFromJson(c, desc);
    }
    printEntryPoints(c, messages);
    printCreateEntryPoint(c, messages);
    const oneofs = schema.generateFile(`${file.name}_oneofs.ts`);
    oneofs.preamble(file);
    if (!printOneofMembers(oneofs, messages)) oneofs.print("export {};");
  }
}

runNodeJs(
  createEcmaScriptPlugin({
    name: "protoc-gen-vuc",
    version,
    generateTs,
  }),
);
