import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController, OpenApiDocument } from './openapi.controller';

/** The API's OpenAPI document at GET /api/docs/openapi.json (the page at /api/docs: see mountApiDocs). */
@Module({ imports: [DiscoveryModule], controllers: [OpenApiController], providers: [OpenApiDocument] })
export class OpenApiModule {}
