import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def train_model(model, image_datasets, criterion, optimizer, num_epochs=25):
    samplers = {x: DistributedSampler(image_datasets[x]) for x in ["train", "val"]}
    dataloaders = {x: DataLoader(image_datasets[x], batch_size=32, sampler=samplers[x], num_workers=4) for x in ["train", "val"]}
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                model.train()
            else:
                model.eval()
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    loss = criterion(model(inputs), labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
    return model
