/**
 * Source of wealth, straight through the API: the operator asks (sandbox back office), the player
 * uploads proofs and declares the funding types with their options; an incomplete or foreign
 * declaration is refused with a reason naming the fix, a complete one moves the status to Pending,
 * clears the requests and tells the player's devices (PlayerUpdated). The operator's review then
 * makes it Done, or asks again; approving identity and address documents makes KYC Done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, freshSmsPlayer, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const STATUS = '{ viewer { player { id sourceOfWealthStatus { status dueDate requiredDocumentsUploadV2 { comment requestedFundingType } } kycCheckStatus { status verificationsDone verificationsMissing } } } }';
const DECLARATION = '{ viewer { sourceOfWealth { type title completed options { id title tooltip checked } files { documentId fileName status } } } }';
const SUBMIT = 'mutation($d: [SourceOfWealthDeclaration!]!) { submitSourceOfWealth(declarations: $d) { sourceOfWealthStatus { status dueDate requiredDocumentsUploadV2 { requestedFundingType } } } }';

describe.each(DATABASES)('source of wealth on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  const newPlayer = () => freshSmsPlayer(app);
  async function upload(headers: Record<string, string>, query: string, name = 'proof.pdf'): Promise<string> {
    const response = await fetch(`${app.url}/platform/documents?${query}&name=${name}`, { method: 'POST', headers: { 'x-brand': 'aurelia', ...headers }, body: new Uint8Array(PDF) });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).document.id;
  }
  const ask = (id: string, documents: { requestedFundingType: string; comment: string }[] = []) =>
    app.gql('mutation($p: ID!, $d: [SandboxDocumentRequest!]) { sandboxRequestSourceOfWealth(playerId: $p, dueInDays: 10, documents: $d) { id } }', { p: id, d: documents });
  const review = (documentId: string, status: string, comment?: string) =>
    app.gql('mutation($d: ID!, $s: DocumentReview!, $c: String) { sandboxReviewDocument(documentId: $d, status: $s, comment: $c) { id } }', { d: documentId, s: status, c: comment ?? null });

  it('lists the six funding types with their options in the request\'s language', async () => {
    const { headers } = await newPlayer();
    const english = (await app.gql(DECLARATION, {}, headers)).data.viewer.sourceOfWealth;
    expect(english.map((entry: { type: string }) => entry.type)).toEqual(['Salary', 'Dividends', 'Other', 'Inheritance', 'SaleOfCompany', 'SaleOfProperty']);
    expect(english[0]).toMatchObject({ title: 'Salary or pension', completed: false, files: [] });
    expect(english[0].options[0]).toEqual({ id: 'employment', title: 'Employment', tooltip: 'A payslip or employment contract from the last three months.', checked: false });
    const finnish = (await app.gql(DECLARATION, {}, { ...headers, 'x-locale': 'fi' })).data.viewer.sourceOfWealth;
    expect(finnish[0].title).toBe('Palkka tai eläke');
  });

  it('refuses a declaration nobody asked for', async () => {
    const { headers } = await newPlayer();
    const document = await upload(headers, 'kind=SourceOfWealth&fundingType=Salary');
    const refused = await app.gql(SUBMIT, { d: [{ type: 'Salary', optionIds: ['employment'], documentIds: [document] }] }, headers);
    expect(refused.errors?.[0]).toMatchObject({ message: 'We have not asked for your source of wealth: there is nothing to send', extensions: { reason: 'SourceOfWealthNotRequested' } });
  });

  it('refuses an incomplete, foreign or mismatched declaration, naming the fix, and stores nothing', async () => {
    const { headers, id } = await newPlayer();
    expect((await ask(id, [{ requestedFundingType: 'Inheritance', comment: 'The estate inventory deed' }])).errors).toBeUndefined();
    const salary = await upload(headers, 'kind=SourceOfWealth&fundingType=Salary');
    const inheritance = await upload(headers, 'kind=SourceOfWealth&fundingType=Inheritance');
    const other = await newPlayer();
    const foreign = await upload(other.headers, 'kind=SourceOfWealth&fundingType=Salary');
    const cases: [unknown[], string][] = [
      [[], 'Declare at least one source of wealth: tick its options and upload a document'],
      [[{ type: 'Salary', optionIds: [], documentIds: [salary] }], 'Tick at least one option for Salary: employment, selfEmployment, pension, bonus'],
      [[{ type: 'Salary', optionIds: ['inheritedCash'], documentIds: [salary] }], '"inheritedCash" is not an option of Salary: use employment, selfEmployment, pension, bonus'],
      [[{ type: 'Salary', optionIds: ['employment'], documentIds: [] }], 'Upload at least one document proving Salary'],
      [[{ type: 'Salary', optionIds: ['employment'], documentIds: [salary] }], 'Documents were asked for Inheritance: declare it too'],
      [[{ type: 'Inheritance', optionIds: ['inheritedCash'], documentIds: [salary] }], `Document ${salary} was uploaded for Salary, not Inheritance`],
      [[{ type: 'Inheritance', optionIds: ['inheritedCash'], documentIds: [foreign] }], `Document ${foreign} is not one of your source-of-wealth uploads: upload it again`],
      [[{ type: 'Inheritance', optionIds: ['inheritedCash'], documentIds: [inheritance] }, { type: 'Inheritance', optionIds: ['inheritedCash'], documentIds: [inheritance] }], 'A funding type is declared twice: declare each once'],
    ];
    for (const [declarations, message] of cases) {
      const refused = await app.gql(SUBMIT, { d: declarations }, headers);
      expect(refused.errors?.[0], message).toMatchObject({ message, extensions: { reason: 'BadUserInput' } });
    }
    const status = (await app.gql(STATUS, {}, headers)).data.viewer.player.sourceOfWealthStatus;
    expect(status).toMatchObject({ status: 'Required', requiredDocumentsUploadV2: [{ requestedFundingType: 'Inheritance' }] });
    expect((await app.gql(DECLARATION, {}, headers)).data.viewer.sourceOfWealth.filter((entry: { completed: boolean }) => entry.completed)).toEqual([]);
  });

  it('a complete declaration moves the status to Pending, clears the requests and tells the player; the review makes it Done', async () => {
    const { headers, id } = await newPlayer();
    await ask(id, [{ requestedFundingType: 'Inheritance', comment: 'The estate inventory deed' }]);
    const inheritance = await upload(headers, 'kind=SourceOfWealth&fundingType=Inheritance', 'deed.pdf');
    const salary = await upload(headers, 'kind=SourceOfWealth&fundingType=Salary', 'payslip.pdf');
    const events = app.platform.services.events.subscribe(id, 'playerUpdated');
    const submitted = await app.gql(SUBMIT, { d: [
      { type: 'Inheritance', optionIds: ['inheritedCash', 'inheritedProperty'], documentIds: [inheritance] },
      { type: 'Salary', optionIds: ['employment'], documentIds: [salary] },
    ] }, headers);
    expect(submitted.errors).toBeUndefined();
    // Sent: nothing is due any more while it is reviewed.
    expect(submitted.data.submitSourceOfWealth.sourceOfWealthStatus).toEqual({ status: 'Pending', dueDate: null, requiredDocumentsUploadV2: [] });
    expect((await events.next()).value).toEqual({ isAccountClosed: false });
    await events.return?.();
    const declared = (await app.gql(DECLARATION, {}, headers)).data.viewer.sourceOfWealth;
    const inheritanceEntry = declared.find((entry: { type: string }) => entry.type === 'Inheritance');
    expect(inheritanceEntry.completed).toBe(true);
    expect(inheritanceEntry.options.filter((option: { checked: boolean }) => option.checked).map((option: { id: string }) => option.id)).toEqual(['inheritedCash', 'inheritedProperty']);
    expect(inheritanceEntry.files).toEqual([{ documentId: inheritance, fileName: 'deed.pdf', status: 'Pending' }]);

    // One approval is not enough; the second makes it Done.
    await review(inheritance, 'Approved');
    expect((await app.gql(STATUS, {}, headers)).data.viewer.player.sourceOfWealthStatus.status).toBe('Pending');
    await review(salary, 'Approved');
    expect((await app.gql(STATUS, {}, headers)).data.viewer.player.sourceOfWealthStatus).toMatchObject({ status: 'Done', dueDate: null });
    const again = await app.gql(SUBMIT, { d: [{ type: 'Salary', optionIds: ['employment'], documentIds: [salary] }] }, headers);
    expect(again.errors?.[0]?.extensions.reason).toBe('SourceOfWealthNotRequested');
  });

  it('a rejected proof asks again for its funding type, with the operator\'s comment', async () => {
    const { headers, id } = await newPlayer();
    await ask(id);
    const salary = await upload(headers, 'kind=SourceOfWealth&fundingType=Salary');
    expect((await app.gql(SUBMIT, { d: [{ type: 'Salary', optionIds: ['pension'], documentIds: [salary] }] }, headers)).errors).toBeUndefined();
    await review(salary, 'Rejected', 'The payslip is unreadable: send a sharper scan');
    const status = (await app.gql(STATUS, {}, headers)).data.viewer.player.sourceOfWealthStatus;
    expect(status).toMatchObject({ status: 'Required', requiredDocumentsUploadV2: [{ comment: 'The payslip is unreadable: send a sharper scan', requestedFundingType: 'Salary' }] });
    // A proof uploaded but never declared changes nothing when it is rejected.
    const stray = await upload(headers, 'kind=SourceOfWealth&fundingType=Dividends', 'stray.pdf');
    await review(stray, 'Rejected');
    expect((await app.gql(STATUS, {}, headers)).data.viewer.player.sourceOfWealthStatus.requiredDocumentsUploadV2).toEqual([{ comment: 'The payslip is unreadable: send a sharper scan', requestedFundingType: 'Salary' }]);
    // The rejected file no longer counts.
    const reused = await app.gql(SUBMIT, { d: [{ type: 'Salary', optionIds: ['pension'], documentIds: [salary] }] }, headers);
    expect(reused.errors?.[0]?.message).toBe(`Document ${salary} was not accepted: upload another one for Salary`);
  });

  it('approving an identity and an address document makes KYC Done; a rejection keeps it open', async () => {
    const { headers } = await newPlayer();
    const identity = await upload(headers, 'kind=Identity', 'passport.pdf');
    const address = await upload(headers, 'kind=Address', 'bill.pdf');
    await review(identity, 'Approved');
    await review(address, 'Rejected');
    expect((await app.gql(STATUS, {}, headers)).data.viewer.player.kycCheckStatus).toEqual({ status: 'NotRequired', verificationsDone: ['IdentityDocument'], verificationsMissing: ['ProofOfAddress'] });
    const second = await upload(headers, 'kind=Address', 'bill2.pdf');
    await review(second, 'Approved');
    expect((await app.gql(STATUS, {}, headers)).data.viewer.player.kycCheckStatus).toEqual({ status: 'Done', verificationsDone: ['IdentityDocument', 'ProofOfAddress'], verificationsMissing: [] });
  });

  it('keeps the review to the operator: without the sandbox key it is refused', async () => {
    const { headers } = await newPlayer();
    const identity = await upload(headers, 'kind=Identity');
    const refused = await app.gql('mutation($d: ID!) { sandboxReviewDocument(documentId: $d, status: Approved) { id } }', { d: identity }, { 'x-sandbox-key': 'wrong' });
    expect(refused.errors?.[0]?.extensions.reason).toBe('SandboxKeyRequired');
  });
});
