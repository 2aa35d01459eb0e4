import { z } from 'zod'

/**
 * A text blob stored as one JSON string: a document's Markdown, llms.txt, or
 * a part of llms-full.txt. JSON keeps every blob checkable the same way.
 */
export const TextBlobSchema = z.string()
export type TextBlob = z.infer<typeof TextBlobSchema>
