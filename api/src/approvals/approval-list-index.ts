import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { MemoryListIndex } from '../common/memory-list-index';
import type { ApprovalRecord } from './approval.schema';
import { ApprovalsRepository } from './approvals.repository';

/**
 * The approvals page answered from memory: every row of the approvals read model, kept current by
 * following its change feed (see MemoryListIndex).
 */
@Injectable()
export class ApprovalListIndex extends MemoryListIndex<ApprovalRecord> implements OnModuleDestroy {
  constructor(approvals: ApprovalsRepository) {
    super({
      changes: approvals.changes,
      readAll: () => approvals.findAll(),
      readByIds: (ids) => approvals.findByIds(ids),
      idOf: (row) => row._id,
    });
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
