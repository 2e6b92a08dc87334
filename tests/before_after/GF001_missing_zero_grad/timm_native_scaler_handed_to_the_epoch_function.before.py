# timm's NativeScaler is built at the top and handed to `train_one_epoch` as `loss_scaler`:
# its call backpropagates and steps `optimizer`, and nothing clears the gradients.
import torch
import torch.nn.functional as F
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, loss_scaler, clip=None):
    model.train()
    for samples, targets in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(samples), targets)
        loss_scaler(loss, optimizer, clip_grad=clip, parameters=model.parameters())


model = torch.nn.Linear(32, 10).cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
loss_scaler = NativeScaler()
for epoch in range(10):
    train_one_epoch(model, [], optimizer, loss_scaler, clip=5.0)
