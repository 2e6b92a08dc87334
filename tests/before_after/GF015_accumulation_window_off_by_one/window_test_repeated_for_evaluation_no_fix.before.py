import torch
from torch import nn


def train(model, optimizer, train_dataloader, args, evaluate):
    num_steps = 0
    best_score = -1.0
    for epoch in range(int(args.num_train_epochs)):
        model.zero_grad()
        for step, batch in enumerate(train_dataloader):
            model.train()
            outputs = model(*batch)
            loss = outputs[0] / args.gradient_accumulation_steps
            loss.backward()
            if step % args.gradient_accumulation_steps == 0:
                nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
                optimizer.step()
                model.zero_grad()
                num_steps += 1
            # evaluate right after a step, every `evaluation_steps` steps
            if args.evaluation_steps > 0 and num_steps % args.evaluation_steps == 0 and step % args.gradient_accumulation_steps == 0:
                score = evaluate(model)
                if score > best_score:
                    best_score = score
                    torch.save(model.state_dict(), args.save_path)
