// prepare_inquiry: an UNSENT draft kept for the user. Nothing is sent, no booking is made, no AI
// provider is called and no mapping charge is incurred (spec section 1). Like a save, it is planned
// first (record and project checked, nothing written) and then committed.
import type { InquiryDraft, PrepareInquiryOutput } from '../../shared/tools.js';
import type { CatalogRecord } from '../../shared/schemas.js';
import type { CatalogueService } from '../services/catalogue-service.js';
import type { Account, DomainStores, InquiryDraftRecord } from '../store/ports/index.js';
import { domainNotFound } from './domain-errors.js';
import { newId } from './ids.js';
import { buildInquiry } from './inquiry-template.js';

export interface InquiryPlan {
  account: Account;
  record: CatalogRecord;
  question: string;
  projectId: string | null;
  projectName: string | null;
}

export function inquiryDraftView(d: InquiryDraftRecord): InquiryDraft {
  return {
    id: d.id,
    status: d.status,
    entityId: d.entityId,
    projectId: d.projectId,
    subject: d.subject,
    body: d.body,
    citation: { title: d.citationTitle, url: d.citationUrl },
    createdAt: d.createdAt,
  };
}

export class InquiryService {
  constructor(
    private readonly store: DomainStores,
    private readonly catalogue: CatalogueService,
    private readonly now: () => Date,
  ) {}

  async plan(account: Account, input: { entityId: string; question: string; projectId?: string }): Promise<InquiryPlan> {
    const record = this.catalogue.record(input.entityId);
    if (!record) throw domainNotFound(`No record ${input.entityId} in this catalogue. Use an ID returned by search.`);
    let projectName: string | null = null;
    if (input.projectId !== undefined) {
      // Membership read fresh: any role may prepare a draft for a project it belongs to.
      const membership = (await this.store.projects.membershipsOf(account.id)).find((m) => m.project.id === input.projectId);
      if (!membership) {
        throw domainNotFound(`Project ${input.projectId} was not found among your projects. Call list_projects, or leave projectId out.`);
      }
      projectName = membership.project.name;
    }
    return { account, record, question: input.question, projectId: input.projectId ?? null, projectName };
  }

  async commit(plan: InquiryPlan): Promise<PrepareInquiryOutput> {
    const { subject, body } = buildInquiry({
      question: plan.question,
      record: plan.record,
      senderName: plan.account.name,
      projectName: plan.projectName,
    });
    const draft = await this.store.inquiryDrafts.insert({
      id: newId('inq'),
      accountId: plan.account.id,
      entityId: plan.record.id,
      projectId: plan.projectId,
      question: plan.question,
      subject,
      body,
      citationTitle: plan.record.title,
      citationUrl: plan.record.url,
      status: 'unsent',
      createdAt: this.now().toISOString(),
    });
    return {
      draft: inquiryDraftView(draft),
      message: 'This is an UNSENT draft, saved for you. rcat sent nothing, contacted no one and booked nothing; review it and send it yourself if you wish.',
    };
  }

  listForAccount(accountId: string): Promise<InquiryDraftRecord[]> {
    return this.store.inquiryDrafts.listForAccount(accountId);
  }
}
