import torch
from torch.utils.data import DataLoader, DistributedSampler, RandomSampler
from tqdm import tqdm


def train(args, model, optimizer, train_data):
    train_sampler = RandomSampler(train_data) if args.local_rank == -1 else DistributedSampler(train_data)
    train_dataloader = DataLoader(train_data, sampler=train_sampler, batch_size=args.train_batch_size)
    model.train()
    for cur_epoch in range(args.start_epoch, int(args.num_train_epochs)):
        if isinstance(train_sampler, DistributedSampler):
            train_sampler.set_epoch(cur_epoch)
        bar = tqdm(train_dataloader, total=len(train_dataloader), desc="Training")
        for step, batch in enumerate(bar):
            source_ids, target_ids = batch
            loss = model(source_ids, labels=target_ids).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            bar.set_description(f"[{cur_epoch}] loss {loss.item():.3f}")
