/**
 * zod at the HTTP edge: a pipe that validates a request part (400 with the field messages on failure) and
 * decorators that document the same schema in OpenAPI, so the rules and the docs cannot drift apart.
 */
import { applyDecorators, type PipeTransform } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { z } from 'zod';
import { ValidationError } from '../errors/domain-error.js';

export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /** `field` names a scalar part (a path parameter) in the error; object schemas name their own fields. */
  constructor(
    private readonly schema: S,
    private readonly field?: string,
  ) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => (this.field ? { ...issue, path: [this.field, ...issue.path] } : issue));
      throw ValidationError.fromZod({ issues });
    }
    return result.data;
  }
}

type JsonSchema = Record<string, unknown>;

export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
}

/** Documents each property of a zod object schema as a query parameter. */
export function ApiZodQuery(schema: z.ZodObject): MethodDecorator {
  const json = openApiSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, property]) =>
      ApiQuery({
        name,
        required: json.required?.includes(name) ?? false,
        schema: property,
        description: property.description as string | undefined,
      }),
    ),
  );
}

export function ApiZodOk(schema: z.ZodType, description?: string): MethodDecorator {
  return ApiOkResponse({ schema: openApiSchema(schema), description });
}
