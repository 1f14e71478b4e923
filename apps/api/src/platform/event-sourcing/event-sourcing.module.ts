import { Global, Module } from '@nestjs/common';
import { EventSourcedRepository } from './event-sourced-repository';
import { ReadYourWrites } from './read-your-writes';

/** The command side every bounded context uses: the repository of decider streams and read-your-writes. */
@Global()
@Module({ providers: [EventSourcedRepository, ReadYourWrites], exports: [EventSourcedRepository, ReadYourWrites] })
export class EventSourcingModule {}
