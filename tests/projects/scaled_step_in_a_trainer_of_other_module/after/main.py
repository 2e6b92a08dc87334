# 测试脚本：分布式数据加载
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from trainer import Trainer


def main(model, dataset, epochs):
    loader = DataLoader(dataset, batch_size=8, sampler=DistributedSampler(dataset))
    trainer = Trainer(model, torch.optim.AdamW(model.parameters(), lr=1e-4))
    for epoch in range(epochs):
        loader.sampler.set_epoch(epoch)
        trainer.train_epoch(loader)
