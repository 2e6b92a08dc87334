import torch


def train(args, model, optimizer, scheduler, train_dataloader):
    model.train()
    for epoch in range(int(args.num_train_epochs)):
        tr_loss, nb_tr_examples, nb_tr_steps = 0.0, 0, 0
        for step, batch in enumerate(train_dataloader):
            source_ids, target_ids = batch
            loss = model(source_ids, labels=target_ids).loss
            if args.gradient_accumulation_steps > 1:
                loss = loss / args.gradient_accumulation_steps
            tr_loss += loss.item()
            nb_tr_examples += source_ids.size(0)
            nb_tr_steps += 1
            loss.backward()
            if (nb_tr_steps + 1) % args.gradient_accumulation_steps == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
                optimizer.step()
                optimizer.zero_grad()
                scheduler.step()
