# Two optimizers share one scaled backward: the scaler steps the encoder's, the head's is
# stepped directly and applies gradients still multiplied by the loss scale.
import torch

encoder = Encoder().cuda()
head = Head().cuda()
enc_opt = torch.optim.AdamW(encoder.parameters(), lr=1e-4)
head_opt = torch.optim.SGD(head.parameters(), lr=1e-2, momentum=0.9)
scaler = torch.cuda.amp.GradScaler()


def train(loader):
    for images, labels in loader:
        enc_opt.zero_grad()
        head_opt.zero_grad()
        with torch.cuda.amp.autocast():
            loss = torch.nn.functional.cross_entropy(head(encoder(images)), labels)
        scaler.scale(loss).backward()
        scaler.step(enc_opt)
        head_opt.step()
        scaler.update()
