import torch
from timm.utils import NativeScaler

from engine_pretrain import train_one_epoch


def main(data_loader, epochs=3):
    device = torch.device("cpu")
    model = torch.nn.Linear(16, 16).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1.5e-4, betas=(0.9, 0.95))
    loss_scaler = NativeScaler()
    for epoch in range(epochs):
        train_one_epoch(model, data_loader, optimizer, device, epoch, loss_scaler, max_norm=1.0)
