import torch
from torch.utils.data import DataLoader, RandomSampler
from torch.utils.data.distributed import DistributedSampler


def main(args, model, train_dataset):
    if args.local_rank == -1:
        train_sampler = RandomSampler(train_dataset)
    else:
        train_sampler = DistributedSampler(train_dataset)
    train_dataloader = DataLoader(train_dataset, sampler=train_sampler, batch_size=args.train_batch_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    for epoch in range(int(args.num_train_epochs)):
        for step, batch in enumerate(train_dataloader):
            loss = model(**batch).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
