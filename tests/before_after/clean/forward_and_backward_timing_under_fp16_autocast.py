import time
import torch
from torch import nn


def testfwdbwd(loader, model, amp=True):
    model.cuda().train()
    criterion = nn.CrossEntropyLoss()
    for images, targets in loader:
        images, targets = images.cuda(), targets.cuda()
        torch.cuda.synchronize()
        tic = time.time()
        for _ in range(30):
            with torch.cuda.amp.autocast(enabled=amp):
                out = model(images)
                loss = criterion(out, targets)
                loss.backward()
        torch.cuda.synchronize()
        print("fwd+bwd per second", 30 * images.shape[0] / (time.time() - tic))
        return
