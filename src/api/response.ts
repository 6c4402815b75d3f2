// An answer of the service as the client hands it on: what the shapes check and the commands read.
export interface ApiResponse<T = unknown> {
  method: string;
  /** As asked, relative to the base URL. */
  path: string;
  status: number;
  /** Parsed JSON; undefined when empty; with `raw`, the text when the body is not JSON. */
  body: T;
  text: string;
  contentType: string | undefined;
  /** The first value of a response header, by its lower-case name. */
  header(lowerCaseName: string): string | undefined;
  attempts: number;
  replayed: boolean;
}
