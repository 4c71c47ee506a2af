import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { openApiSchema } from '../shared/http/zod.js';
import { AskQuickQuestion, SubmitDeveloperInquiry, SubmitSuggestion } from './commands/submit-feedback.commands.js';
import { developerInquiryInput, quickQuestionInput, suggestionInput } from '../../../contracts/feedback/forms.js';

@ApiTags('feedback')
@Controller('api')
export class FeedbackController {
  constructor(private readonly commands: CommandBus) {}

  @Post('suggestions')
  @ApiOperation({ summary: 'Suggest a tool to build (e-mailed to the admin)' })
  @ApiBody({ schema: openApiSchema(suggestionInput, 'input') })
  @ApiCreatedResponse({ description: '{ id }' })
  @ApiBadRequestResponse({ description: "{ message: 'Please fill in both email and suggestion fields.', fields }" })
  suggest(@Body() body: unknown) {
    return this.commands.execute(new SubmitSuggestion(body));
  }

  @Post('quick-questions')
  @ApiOperation({ summary: 'Ask a quick question (the team answers within 24 hours)' })
  @ApiBody({ schema: openApiSchema(quickQuestionInput, 'input') })
  @ApiCreatedResponse({ description: '{ id }' })
  @ApiBadRequestResponse({ description: "{ message: 'Please fill in all fields.', fields }" })
  ask(@Body() body: unknown) {
    return this.commands.execute(new AskQuickQuestion(body));
  }

  @Post('developer-inquiries')
  @ApiOperation({ summary: 'Apply to build tools with the team' })
  @ApiBody({ schema: openApiSchema(developerInquiryInput, 'input') })
  @ApiCreatedResponse({ description: '{ id }' })
  @ApiBadRequestResponse({ description: "{ message: 'Please fill in all required fields.', fields }" })
  apply(@Body() body: unknown) {
    return this.commands.execute(new SubmitDeveloperInquiry(body));
  }
}
