import { Injectable, OnModuleDestroy } from '@nestjs/common';

import { ListIndexMode } from '../persistence/list-index-mode';
import { ListReader } from '../persistence/list-reader';
import type { ApprovalRecord } from './approval.schema';
import { ApprovalsRepository } from './approvals.repository';

/**
 * The approvals page answered from memory: every row of the approvals read model, kept current by
 * following its change feed (see MemoryListIndex).
 */
@Injectable()
export class ApprovalListIndex extends ListReader<ApprovalRecord> implements OnModuleDestroy {
  constructor(approvals: ApprovalsRepository, mode: ListIndexMode) {
    super(
      {
        changes: approvals.changes,
        readAll: () => approvals.findAll(),
        readByIds: (ids) => approvals.findByIds(ids),
        idOf: (row) => row._id,
      },
      mode,
    );
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
