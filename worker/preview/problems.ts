import { z } from 'zod'
import { Problem } from '../http/problem.ts'

const ReportSchema = z.object({ problems: z.array(z.string()) })

/**
 * The problems of the last build as npm start reports them, `path:line: message`
 * each, from the loopback address it gave the worker. Without one (no npm start)
 * there is no build to fail. An unanswered report is a 503, not "no problems".
 */
export async function buildProblems(url: string | undefined): Promise<string[]> {
  if (url === undefined) return []
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
    const report = ReportSchema.safeParse(await response.json())
    if (report.success) return report.data.problems
  } catch {
    // Answered below, like a report in the wrong shape.
  }
  throw new Problem(503, 'npm start did not report on the last build.')
}
