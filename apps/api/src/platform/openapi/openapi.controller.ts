import { Controller, Get, Injectable, Res } from '@nestjs/common';
import { ApplicationConfig, DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { discoverRoutes } from './api-routes';
import { buildOpenApiDocument } from './openapi-document';

/** The API version the document names: the product's package version. */
const API_VERSION = '0.1.0';

/** Builds the document once, on first use (every controller is registered by then). */
@Injectable()
export class OpenApiDocument {
  private document: ReturnType<typeof buildOpenApiDocument> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly config: ApplicationConfig,
  ) {}

  get(): ReturnType<typeof buildOpenApiDocument> {
    this.document ??= buildOpenApiDocument(discoverRoutes(this.discovery, this.scanner, this.config), API_VERSION);
    return this.document;
  }
}

/** GET /api/docs/openapi.json: the OpenAPI 3.1 document (public, like the page at /api/docs). */
@Public()
@Controller('docs')
export class OpenApiController {
  constructor(private readonly document: OpenApiDocument) {}

  @Get('openapi.json')
  openapi(@Res({ passthrough: true }) res: Response): ReturnType<typeof buildOpenApiDocument> {
    res.setHeader('Cache-Control', 'no-cache');
    return this.document.get();
  }
}
