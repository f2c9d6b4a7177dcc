import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'form_questions' })
export class FormQuestionOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('integer', { name: 'form_id' })
  formId!: number;

  @Column('integer')
  position!: number;

  @Column('text')
  question!: string;
}
