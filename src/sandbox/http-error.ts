// The one error shape of the sandbox (docs/decisions.md, "Error body"):
// {"error": {"code": "validation_failed", "message": "...", "details": [{"field", "code", "message"}]}}

export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): { error: { code: string; message: string; details?: FieldProblem[] } } {
    return {
      error: { code: this.code, message: this.message, ...(this.details.length > 0 ? { details: this.details } : {}) },
    };
  }
}

export function validationError(details: FieldProblem[]): HttpError {
  const fields = details.map((d) => d.field).join(', ');
  return new HttpError(400, 'validation_failed', `The request has invalid fields: ${fields}`, details);
}

export function badParameter(field: string, code: string, message: string): HttpError {
  return new HttpError(400, 'invalid_parameter', `${field} ${message}`, [{ field, code, message }]);
}
