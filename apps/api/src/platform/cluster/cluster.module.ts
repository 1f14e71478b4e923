import { Global, Module } from '@nestjs/common';
import { ClusterPool } from './cluster-pool';

/** Coordination between the API replicas of one database (see docs/scale-out.md). */
@Global()
@Module({ providers: [ClusterPool], exports: [ClusterPool] })
export class ClusterModule {}
