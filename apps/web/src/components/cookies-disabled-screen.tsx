import { Result } from 'antd';

/** The two cookie screens of spec §8: cookies disabled, or third-party cookies blocked inside an EHR frame. */
export function CookiesDisabledScreen({ isEmbedded }: { isEmbedded: boolean }) {
  return isEmbedded ? (
    <Result
      status="warning"
      title="Third-Party Cookies Blocked"
      subTitle="Your browser blocks third-party cookies, which stops Cairn from loading inside your EHR. Please ask your IT department to adjust your browser settings to allow them."
    />
  ) : (
    <Result
      status="warning"
      title="Cookies Are Disabled"
      subTitle="Your browser blocks cookies, which stops Cairn from loading. Please ask your IT department to adjust your browser settings to allow them."
    />
  );
}
