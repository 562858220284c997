import { afterAll, describe, expect, it } from "vitest";
import { type ExampleProject, exampleProject, examplesOf } from "../helpers/markdown-examples.js";

// docs/http.md and docs/client.md are part of the API: every ```ts example in them is a complete
// program that typechecks as pasted, and every example not marked `<!-- compile-only -->` (those
// need the network or take seconds) is bundled with esbuild and run by Node.js, and must exit 0
// without writing to stderr. The method of test/helpers/markdown-examples.ts.

const pages = ["http.md", "client.md"];
const examples = pages.flatMap((page) =>
  examplesOf(page).map((example, index) => ({
    ...example,
    page: `docs/${page}`,
    file: page,
    index,
  })),
);
const projects = new Map<string, ExampleProject>();
const opened = (page: string) => {
  let project = projects.get(page);
  if (project === undefined) {
    project = exampleProject(page, examplesOf(page));
    projects.set(page, project);
  }
  return project;
};

afterAll(() => {
  for (const project of projects.values()) project.remove();
});

describe("docs/http.md and docs/client.md", () => {
  it("have examples on both pages", () => {
    for (const page of pages) {
      expect(examples.some((example) => example.page === `docs/${page}`)).toBe(true);
    }
  });

  it("examples typecheck as pasted", async () => {
    for (const page of pages) expect(await opened(page).typecheck()).toBe("");
  }, 120_000);

  const runnable = examples.filter((example) => !example.compileOnly);

  it.each(runnable)(
    "runs $page:$line",
    async ({ file, index }) => {
      expect(await opened(file).run(index)).toBe("");
    },
    60_000,
  );
});
