import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'forms_data_answers' })
export class FormsDataAnswerOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'forms_data_id' })
  formsDataId!: string;

  @Column('integer')
  position!: number;

  @Column('text')
  question!: string;

  @Column('text')
  answer!: string;
}
