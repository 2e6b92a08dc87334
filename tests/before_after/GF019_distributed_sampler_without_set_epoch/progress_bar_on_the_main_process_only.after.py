import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, DistributedSampler
from tqdm import tqdm


def main(model, train_data, args):
    train_sampler = DistributedSampler(train_data)
    train_dataloader = DataLoader(train_data, sampler=train_sampler, batch_size=args.batch_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        train_sampler.set_epoch(epoch)
        train_iter = tqdm(train_dataloader, desc="Iteration") if dist.get_rank() == 0 else train_dataloader
        for step, batch in enumerate(train_iter):
            loss = model(*batch)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
