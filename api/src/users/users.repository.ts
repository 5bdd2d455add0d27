import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { User, UserRecord } from './user.schema';

const FIELDS = { _id: 0, username: 1, username_key: 1, password_hash: 1, admin: 1, created_at: 1 } as const;

@Injectable()
export class UsersRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  findByKey(usernameKey: string): Promise<UserRecord | null> {
    return this.users.findOne({ username_key: usernameKey }, FIELDS).lean<UserRecord>().exec();
  }

  listOrderedByUsername(): Promise<UserRecord[]> {
    return this.users.find({}, FIELDS).sort({ username_key: 1 }).lean<UserRecord[]>().exec();
  }

  async insert(user: Omit<UserRecord, 'created_at'>): Promise<void> {
    await this.users.create({ ...user, created_at: new Date() });
  }

  async updateByKey(usernameKey: string, changes: Partial<Omit<UserRecord, 'created_at'>>): Promise<boolean> {
    const res = await this.users.updateOne({ username_key: usernameKey }, { $set: changes }).exec();
    return res.matchedCount > 0;
  }

  async deleteByKey(usernameKey: string): Promise<boolean> {
    const res = await this.users.deleteOne({ username_key: usernameKey }).exec();
    return res.deletedCount > 0;
  }

  countAdmins(): Promise<number> {
    return this.users.countDocuments({ admin: true }).exec();
  }

  countAll(): Promise<number> {
    return this.users.countDocuments({}).exec();
  }
}
