/**
 * What an import makes of a VitePress, Docusaurus or Starlight project: the
 * content folder to write, and what to tell the user. A framework module
 * turns the project's evaluated config into a plan (pure: no file system);
 * the CLI lists the project's files for it, writes the plan and reports it.
 */

const FRAMEWORKS = ['vitepress', 'docusaurus', 'starlight'] as const
export type Framework = (typeof FRAMEWORKS)[number]

/** A project found on disk, before its config is read. */
export interface DetectedProject {
  framework: Framework
  /** Absolute folder that holds the config (`.vitepress/`'s parent, or the one with docusaurus.config.* / astro.config.*). */
  root: string
  /** Absolute path of the config file to evaluate. */
  configFile: string
}

/** The config file's default export (or `module.exports`), evaluated in the sandbox, as JSON-safe data. */
export interface LoadedConfig {
  value: unknown
  /** Module specifiers the sandbox replaced by stand-ins (`vitepress`, `@astrojs/starlight`, …), sorted. */
  standIns: string[]
}

/** Every file under the project root, relative to it with `/` separators, sorted; `node_modules`, `.git` and build output left out. */
export type ProjectFiles = readonly string[]

export interface FrameworkInput {
  project: DetectedProject
  config: LoadedConfig
  files: ProjectFiles
  /**
   * Every file under a folder given relative to the root (Docusaurus keeps docs at `../docs`), relative to the root
   * (`../docs/intro.md`), sorted, left out as in `files`; empty when the folder is absent.
   */
  listFiles: (relativeDir: string) => ProjectFiles
  /** Reads a project file as text (for sidebars.json, versions.json, _category_ files): relative path in (`../` allowed), undefined when absent. */
  readText: (relativePath: string) => string | undefined
  /** Evaluates another module of the project in the sandbox (Docusaurus `sidebars.js`, `versioned_sidebars/*.json` are plain JSON via readText). */
  evaluate: (relativePath: string) => Promise<LoadedConfig>
}

/** One file of the content folder: copied from the project (`from` relative to the root, `../` allowed), or written from text. */
export type PlannedFile = { to: string; from: string } | { to: string; text: string }

/** Something the project has that the content folder does not carry over, and what it would have done. */
export interface Unmapped {
  /** The option or plugin by name, as the config spells it (`themeConfig.algolia`, `@docusaurus/plugin-ideal-image`). */
  name: string
  effect: string
}

export interface ImportPlan {
  framework: Framework
  /** site.yml, as data, keys in the order they are written. */
  site: Record<string, unknown>
  /** Paths relative to the output folder (`docs/en/guide/intro.md`, `public/logo.png`, `versions/1.x/intro.md`). */
  files: PlannedFile[]
  /** One line per thing carried over (`locales: en, fr (from i18n)`). */
  mapped: string[]
  unmapped: Unmapped[]
  /** Files of the project left out on purpose, with why (`srcExclude`, `exclude`, an included partial). */
  excluded: { path: string; why: string }[]
}

export type FrameworkImporter = (input: FrameworkInput) => Promise<ImportPlan>
