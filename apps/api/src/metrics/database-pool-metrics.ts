import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { observeDatabasePool } from '@mwr/metrics';
import { LISTINGS_DATA_SOURCE, poolStatistics } from '@mwr/persistence';
import { DataSource } from 'typeorm';

/** Reports both pools to the metrics, read at scrape time: `primary` (every write and most reads) and `listings`. */
@Injectable()
export class DatabasePoolMetrics implements OnModuleInit, OnApplicationShutdown {
  private releases: (() => void)[] = [];

  constructor(
    private readonly primary: DataSource,
    @Inject(LISTINGS_DATA_SOURCE) private readonly listings: DataSource,
  ) {}

  onModuleInit(): void {
    this.releases = [
      observeDatabasePool('primary', () => poolStatistics(this.primary)),
      observeDatabasePool('listings', () => poolStatistics(this.listings)),
    ];
  }

  onApplicationShutdown(): void {
    for (const release of this.releases.splice(0)) release();
  }
}
