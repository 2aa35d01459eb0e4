import type { LinkTargets, RenderInput } from '../markdown/render.ts'
import { type PipelineInput, readReleaseFiles, readSite, versionNamed, versionsToBuild } from './pipeline.ts'
import { versionRenderPlan } from './version-step.ts'

/** What one docs version renders, keyed as the pipeline keys it, and the targets its links resolve to. */
export interface RenderPlan {
  inputs: Map<string, RenderInput>
  targets: LinkTargets
}

type PlanInput = Pick<PipelineInput, 'siteText' | 'files' | 'git' | 'assets' | 'openVersion' | 'leftOutVersions'>

/**
 * Every version's render inputs, read as runPipeline reads them, one version
 * after another, with nothing rendered or built: a `--shard` build renders
 * its slice of them into the render cache, where the full build finds them.
 */
export async function* renderPlans(input: PlanInput): AsyncGenerator<RenderPlan> {
  const site = readSite(input)
  const releaseFiles = readReleaseFiles(input).files
  for (const version of versionsToBuild(site, input.leftOutVersions)) {
    yield await versionRenderPlan({ ...(await versionNamed(input, version)), site, releaseFiles })
  }
}
