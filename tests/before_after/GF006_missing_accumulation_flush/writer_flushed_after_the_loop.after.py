import sys

import torch
from torch.utils.tensorboard import SummaryWriter


def train(model, optimizer, train_dataloader, args):
    tb_writer = SummaryWriter()
    global_step = 0
    for epoch in range(args.num_train_epochs):
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, batch in enumerate(train_dataloader):
            inputs, labels = batch
            loss = torch.nn.functional.cross_entropy(model(inputs), labels)
            loss = loss / args.gradient_accumulation_steps
            loss.backward()
            if (step + 1) % args.gradient_accumulation_steps == 0:
                optimizer.step()
                model.zero_grad()
                global_step += 1
                tb_writer.add_scalar("loss", loss.item(), global_step)

        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % args.gradient_accumulation_steps != 0:
            optimizer.step()
            model.zero_grad()
            global_step += 1
        # end of epoch: write the logs out
        tb_writer.flush()
        print(f"epoch {epoch} done", flush=True)
        sys.stdout.flush()
