import type { User } from '@curator/shared/contract';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import type { SessionRequest, SessionUser } from '../common/auth.decorators';
import { AdminOnly, CurrentUser } from '../common/auth.decorators';
import { UserCreateDto, UserDto, UserUpdateDto } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOkResponse({ type: [UserDto] })
  list(): Promise<User[]> {
    return this.users.list();
  }

  @Post()
  @AdminOnly()
  @ApiOkResponse({ type: UserDto })
  create(@Body() body: UserCreateDto): Promise<User> {
    return this.users.create({ username: body.username, password: body.password, admin: body.admin ?? false });
  }

  @Get(':username')
  @AdminOnly()
  @ApiOkResponse({ type: UserDto })
  get(@Param('username') username: string): Promise<User> {
    return this.users.get(username);
  }

  @Put(':username')
  @AdminOnly()
  @ApiOkResponse({ type: UserDto })
  update(
    @CurrentUser() actor: SessionUser,
    @Param('username') username: string,
    @Body() body: UserUpdateDto,
    @Req() req: SessionRequest,
  ): Promise<User> {
    return this.users.update(actor.username, username, body, req.sessionToken);
  }

  @Delete(':username')
  @AdminOnly()
  @HttpCode(204)
  async remove(@CurrentUser() actor: SessionUser, @Param('username') username: string): Promise<void> {
    await this.users.remove(actor.username, username);
  }
}
