import { afterAll, describe, expect, it } from "vitest";
import { type ExampleProject, exampleProject, examplesOf } from "../helpers/markdown-examples.js";

// docs/testing.md is part of the API: its examples typecheck and run as pasted.

const examples = examplesOf("testing.md");
let project: ExampleProject | undefined;
const opened = () => {
  project ??= exampleProject("testing.md", examples);
  return project;
};

afterAll(() => project?.remove());

describe("docs/testing.md", () => {
  it("has examples that import from vehicle-update-codec/testing", () => {
    expect(examples.length).toBeGreaterThan(2);
    for (const { code } of examples) expect(code).toContain('from "vehicle-update-codec/testing"');
  });

  it("examples typecheck", async () => {
    expect(await opened().typecheck()).toBe("");
  }, 60_000);

  it.each(examples.map((example, index) => ({ ...example, index })))(
    "runs the example under $heading (docs/testing.md:$line)",
    async ({ index }) => {
      expect(await opened().run(index)).toBe("");
    },
    60_000,
  );
});
