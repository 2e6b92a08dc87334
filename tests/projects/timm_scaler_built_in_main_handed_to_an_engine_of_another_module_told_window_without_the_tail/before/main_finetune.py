import torch
from timm.utils import NativeScaler

from engine_finetune import train_one_epoch


def main(data_loader, epochs=2):
    device = torch.device("cpu")
    model = torch.nn.Linear(16, 10)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = NativeScaler()
    for epoch in range(epochs):
        train_one_epoch(model, data_loader, optimizer, device, epoch, loss_scaler, accum_iter=4, max_norm=None)
