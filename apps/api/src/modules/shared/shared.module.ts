import { Global, Module } from '@nestjs/common';
import { EventSourcedRepository } from './event-sourced-repository';
import { ReadYourWrites } from './read-your-writes';

/** Command-side helpers every bounded context uses. */
@Global()
@Module({ providers: [EventSourcedRepository, ReadYourWrites], exports: [EventSourcedRepository, ReadYourWrites] })
export class SharedModule {}
