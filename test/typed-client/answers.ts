// What the typed client program hands back to the test. Plain types: the
// program itself is compiled only against the types generated at test time.

/** One request the client sent and the answer it got, as on the wire. */
export interface Exchange {
  /** `get /v1/documents/{slug}`: the method and the document's path template. */
  operation: string
  url: string
  status: number
  headers: Record<string, string>
  body: string
}

/** What the program read from one answer through the generated types. */
export interface Answer {
  status: number
  [field: string]: unknown
}

export interface ClientRun {
  answers: Record<string, Answer>
  exchanges: Exchange[]
}

export interface ClientProgram {
  callEveryOperation(baseUrl: string, draftsToken: string): Promise<ClientRun>
}
