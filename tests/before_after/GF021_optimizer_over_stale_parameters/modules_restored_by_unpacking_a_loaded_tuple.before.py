import os

import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(784, 64), nn.ReLU())
decoder = nn.Sequential(nn.Linear(64, 784), nn.Sigmoid())
optimizer = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=2e-4)

if os.path.exists("./model/autoencoder.pkl"):
    encoder, decoder = torch.load("./model/autoencoder.pkl", weights_only=False)
    print("restored")

for epoch in range(10):
    for images in [torch.rand(16, 784)]:
        optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(decoder(encoder(images)), images)
        loss.backward()
        optimizer.step()
